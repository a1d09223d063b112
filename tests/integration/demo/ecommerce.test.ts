import { describe, expect, it } from 'vitest';
import { orderStatuses, type Order, type Product } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { generateOrders, generateProducts } from '../../../seed/demo/ecommerce';
import { useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();
const products = generateProducts();
const orders = generateOrders(products);

describe('e-commerce REST', () => {
  it('GET /api/e-commerce-app/products answers the 30 sample products at tax rate 10', async () => {
    const response = await t.get('/api/e-commerce-app/products');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(products);
    expect(response.json()).toHaveLength(30);
    for (const product of response.json() as Product[]) {
      expect(product.taxRate).toBe(10);
      expect(product.priceTaxIncl).toBeCloseTo(product.priceTaxExcl! * 1.1, 2);
    }
  });

  it('GET /api/e-commerce-app/product answers the matching product, 404 when unknown, 400 without an id', async () => {
    const wanted = products[5]!;
    const response = await t.get(`/api/e-commerce-app/product?productId=${wanted.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(wanted);

    const unknown = await t.get('/api/e-commerce-app/product?productId=unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Requested product does not exist.' });

    const missing = await t.get('/api/e-commerce-app/product');
    expect(missing.statusCode).toBe(400);
  });

  it('POST /api/e-commerce-app/product/save replaces the product with the same id and answers it', async () => {
    const changed: Product = { ...products[0]!, name: 'Changed name', quantity: 3, active: false };
    const response = await t.post('/api/e-commerce-app/product/save', changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(changed);
    const stored = await t.stored<Product>('ecommerce.products');
    expect(stored).toHaveLength(30);
    expect(stored[0]).toEqual(changed);
  });

  it('POST /api/e-commerce-app/product/save appends a new (even sparse) product', async () => {
    const response = await t.post('/api/e-commerce-app/product/save', { id: 'sparse-product' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'sparse-product' });
    const stored = await t.stored<Product>('ecommerce.products');
    expect(stored).toHaveLength(31);
    expect(stored[30]).toEqual({ id: 'sparse-product' });
    const fetched = await t.get('/api/e-commerce-app/product?productId=sparse-product');
    expect(fetched.json()).toEqual({ id: 'sparse-product' });
  });

  it('POST /api/e-commerce-app/product/save refuses malformed products and writes nothing', async () => {
    const before = await t.stored<Product>('ecommerce.products');
    const noId = await t.post('/api/e-commerce-app/product/save', { name: 'No id' });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors).toHaveProperty('id');
    const badPrice = await t.post('/api/e-commerce-app/product/save', { id: products[1]!.id, priceTaxExcl: 'free' });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().errors).toHaveProperty('priceTaxExcl');
    const unknownField = await t.post('/api/e-commerce-app/product/save', { id: products[1]!.id, owner: 'me', priceTaxExcl: 'free' });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().errors).toEqual({ priceTaxExcl: expect.any(String) });
    const notJson = await t.post('/api/e-commerce-app/product/save', '{');
    expect(notJson.statusCode).toBe(400);
    expect(await t.stored<Product>('ecommerce.products')).toEqual(before);
  });

  it('GET /api/e-commerce-app/orders answers the 20 orders with consistent string amounts', async () => {
    const response = await t.get('/api/e-commerce-app/orders');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(orders);
    expect(response.json()).toHaveLength(20);
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    for (const order of response.json() as Order[]) {
      expect(order.total).toMatch(/^\d+\.\d{2}$/);
      expect(order.discount).toMatch(/^-\d+\.\d{2}$/);
      expect(order.date).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(cents(order.tax)).toBe(Math.round(cents(order.subtotal) / 10));
      expect(cents(order.total)).toBe(cents(order.subtotal) + cents(order.tax) + cents(order.discount));
      expect(order.payment.method).toBe('PayPal');
      expect(order.payment.amount).toBe(order.total);
      for (const detail of order.shippingDetails) expect(detail.carrier).toBe('USPS');
      for (const entry of order.status) {
        const known = orderStatuses.find((status) => status.id === entry.id);
        expect(entry.name).toBe(known?.name);
      }
    }
    const usedStatuses = new Set((response.json() as Order[]).flatMap((order) => order.status.map((entry) => entry.id)));
    expect([...usedStatuses].sort((a, b) => a - b)).toEqual(orderStatuses.map((status) => status.id));
  });

  it('GET /api/e-commerce-app/order answers the matching order, 404 when unknown', async () => {
    const response = await t.get('/api/e-commerce-app/order?orderId=3');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(orders[2]);

    const unknown = await t.get('/api/e-commerce-app/order?orderId=999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Requested order does not exist.' });
  });

  it('answers 401 without a token and 403 for a viewer, writing nothing', async () => {
    const before = await t.stored<Product>('ecommerce.products');
    expect((await t.get('/api/e-commerce-app/orders', null)).statusCode).toBe(401);
    expect((await t.get('/api/e-commerce-app/products', t.viewer.token)).statusCode).toBe(403);
    const viewerSave = await t.post('/api/e-commerce-app/product/save', { id: 'from-viewer' }, t.viewer.token);
    expect(viewerSave.statusCode).toBe(403);
    expect(viewerSave.json()).toEqual({ message: 'You do not have permission to do this' });
    const anonymousSave = await t.post('/api/e-commerce-app/product/save', { id: 'from-guest' }, null);
    expect(anonymousSave.statusCode).toBe(401);
    expect(await t.stored<Product>('ecommerce.products')).toEqual(before);
  });
});
