import { readFileSync } from 'node:fs';
import { projectPath } from '@common/node/project-paths';

/** Cuepoint's version (package.json), as NodeInfo and the User-Agent of our fetches name it. */
export const softwareVersion: string = (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
