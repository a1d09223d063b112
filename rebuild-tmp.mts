import { build } from 'esbuild';
for (const outdir of ['/work/main/dist/node', '/work/main/dist/bench-webrtc']) {
  await build({ absWorkingDir: '/work/main', entryPoints: ['server/domains/live/webrtc/media-worker.ts'], outdir, outbase: '.', bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', alias: { '@common': './common', '@server': './server', '@db': './db' } });
}
