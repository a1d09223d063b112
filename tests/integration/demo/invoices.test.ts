import { describe, expect, it } from 'vitest';
import { generateInvoice, sampleInvoiceId } from '../../../seed/demo/invoices';
import { useSeededDemoApp } from './part2-setup';

const t = useSeededDemoApp();

describe('invoice REST', () => {
  it('GET /api/invoices/get-invoice answers the sample invoice with its string totals', async () => {
    const response = await t.get(`/api/invoices/get-invoice?id=${sampleInvoiceId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(generateInvoice());
    expect(response.json()).toMatchObject({ subtotal: '8445.00', tax: '675.60', discount: '120.60', total: '9000.00' });
    const linesTotal = (response.json().services as Array<{ total: string }>).reduce((sum, line) => sum + Math.round(Number(line.total) * 100), 0);
    expect(linesTotal).toBe(844_500);
  });

  it('answers 404 for an unknown id and 400 without one', async () => {
    const unknown = await t.get('/api/invoices/get-invoice?id=unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Requested invoice does not exist.' });
    const missing = await t.get('/api/invoices/get-invoice');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('id');
  });

  it('answers 401 without a token and 403 for a viewer', async () => {
    expect((await t.get(`/api/invoices/get-invoice?id=${sampleInvoiceId}`, null)).statusCode).toBe(401);
    expect((await t.get(`/api/invoices/get-invoice?id=${sampleInvoiceId}`, t.viewer.token)).statusCode).toBe(403);
  });
});
