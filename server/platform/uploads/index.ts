/** The one upload path's reader: kinds, the streaming check and the stored files (routes: server/rest/upload-route.ts). */
export { fileTypeNotAllowedMessage, mediaMessages, mediaMimeTypes, profilePhotoMessage, sniffAmong, uploadKinds } from './kinds';
export type { SniffedType, UploadKind, UploadKindName, UploadRefusal } from './kinds';
export { refuseFile } from './checked-stream';
export { isMalformedMultipart, malformedMultipartMessage, notMultipartMessage, readUpload } from './read-upload';
export type { UploadedForm, UploadKinds } from './read-upload';
export { removeStored, removeUploads, uploadKey, uploadsDir, uploadUrlOf } from './stored';
export type { StoredFile } from './stored';
