import { describe, expect, it } from 'vitest';
import { appRoutes } from '@web/app/routes';
import { pageRoutes } from '@web/features/pages/routes';
import { webPagePaths } from '@common/page-paths';

describe('the page paths the server knows', () => {
  it('are exactly the paths the web app routes (so no routed page answers 404, and no unknown path 200)', () => {
    const routed = [...appRoutes, ...pageRoutes].map((route) => route.path);
    expect(new Set(routed).size).toBe(routed.length);
    expect([...routed].sort()).toEqual([...webPagePaths].sort());
  });
});
