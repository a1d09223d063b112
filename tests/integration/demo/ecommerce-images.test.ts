import { describe, expect, it } from 'vitest';
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import type { Product } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

/** The picture as a browser's <img> asks for it: no Authorization header. */
const picture = (url: string) => t.testApp.app.inject({ method: 'GET', url });

describe('e-commerce sample pictures', () => {
  it('every picture of every sample product answers 200 with a JPEG image', async () => {
    const products = (await t.get('/api/e-commerce-app/products')).json() as Product[];
    const urls = products.flatMap((product) => product.images?.map((image) => image.url) ?? []);
    expect(products).toHaveLength(30);
    expect(urls.length).toBeGreaterThanOrEqual(60);
    const bodies = new Map<string, string>();
    for (const url of urls) {
      const response = await picture(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toBe('image/jpeg');
      expect((await fileTypeFromBuffer(response.rawPayload))?.mime, url).toBe('image/jpeg');
      expect(imageSize(response.rawPayload), url).toMatchObject({ width: 480, height: 480 });
      bodies.set(url, response.rawPayload.toString('base64'));
    }
    // Each picture is its own: no two addresses answer the same bytes.
    expect(new Set(bodies.values()).size).toBe(urls.length);
  });

  it('draws the same picture again for the same address (deterministic art)', async () => {
    const [product] = (await t.get('/api/e-commerce-app/products')).json() as Product[];
    const url = product!.images![0]!.url;
    const [first, second] = [await picture(url), await picture(url)];
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 404 for an address no product lists, and for names that are not picture files', async () => {
    for (const url of ['/assets/images/ecommerce/no-such-product-1.jpg', '/assets/images/ecommerce/..%2F..%2Fpackage.json', '/assets/images/ecommerce/Upper-1.jpg']) {
      const response = await picture(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ message: 'Not found' });
    }
  });

  it('draws a picture for a product saved with a new sample address', async () => {
    const url = '/assets/images/ecommerce/studio-stand-1.jpg';
    expect((await picture(url)).statusCode).toBe(404);
    const saved = await t.post('/api/e-commerce-app/product/save', { id: 'studio-stand', name: 'Studio Stand', categories: ['Audio'], images: [{ id: 'studio-stand-img', url, type: 'image' }] });
    expect(saved.statusCode).toBe(200);
    const response = await picture(url);
    expect(response.statusCode).toBe(200);
    expect((await fileTypeFromBuffer(response.rawPayload))?.mime).toBe('image/jpeg');
  });
});
