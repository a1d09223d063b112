import { chatText } from './chat-texts';

const minSide = 50;
const maxSide = 200;

async function hasImageSignature(file: File): Promise<boolean> {
  const bytes = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const isPng = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte);
  return isJpeg || isPng;
}

async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/**
 * The chat photo rule on the client (the server checks it again): a jpeg or png, square, 50 to 200 px.
 * Answers the spec's message when the file breaks it, null when it is fine.
 */
export async function checkChatPhoto(file: File): Promise<string | null> {
  if (!['image/jpeg', 'image/png'].includes(file.type) || !(await hasImageSignature(file))) return chatText('photo');
  const size = await imageSize(file);
  if (!size || size.width !== size.height || size.width < minSide || size.width > maxSide) return chatText('photo');
  return null;
}
