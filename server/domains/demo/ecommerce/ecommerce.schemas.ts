import { z } from 'zod';
import { formNumber } from '../demo.inputs';

/** Sample product tax rate, in percent (demo-apps.md §9). */
export const productTaxRate = 10;
export const sampleCarrier = 'USPS';
export const samplePaymentMethod = 'PayPal';

/** The order status values of demo-apps.md §4, with the colour shade each one is drawn in. */
export const orderStatuses = [
  { id: 1, name: 'Awaiting check payment', color: 'blue-500' },
  { id: 2, name: 'Payment accepted', color: 'green-500' },
  { id: 3, name: 'Preparing the order', color: 'orange-500' },
  { id: 4, name: 'Shipped', color: 'purple-500' },
  { id: 5, name: 'Delivered', color: 'green-800' },
  { id: 6, name: 'Canceled', color: 'pink-500' },
  { id: 7, name: 'Refunded', color: 'red-500' },
  { id: 8, name: 'Payment error', color: 'red-900' },
  { id: 9, name: 'On pre-order (paid)', color: 'purple-300' },
  { id: 10, name: 'Awaiting bank wire payment', color: 'blue-500' },
  { id: 11, name: 'Awaiting PayPal payment', color: 'blue-500' },
  { id: 12, name: 'Remote payment accepted', color: 'green-500' },
  { id: 13, name: 'On pre-order (not paid)', color: 'purple-300' },
  { id: 14, name: 'Awaiting Cash-on-delivery payment', color: 'blue-500' },
] as const;

const text = (max = 500) => z.string().max(max);
/** Amounts in orders are strings with two decimals; discounts may be negative. */
const amount = z.string().regex(/^-?\d{1,9}\.\d{2}$/, 'Use an amount with two decimals');
const orderDate = z.string().regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/, 'Use YYYY/MM/DD HH:mm:ss');
const measure = z.string().max(40);

export const productImage = z.object({
  id: z.string().min(1).max(100),
  url: z.string().min(1).max(2000),
  type: z.string().min(1).max(40),
});

/**
 * A product. Only the id is required: the sample shows a save answered with a product that
 * carries nothing but its id, so a sparse product is accepted and stored as sent.
 */
export const product = z.object({
  id: z.string().trim().min(1).max(100),
  name: text(200).optional(),
  handle: text(200).optional(),
  description: text(10_000).optional(),
  categories: z.array(text(100)).max(50).optional(),
  tags: z.array(text(100)).max(50).optional(),
  featuredImageId: text(100).nullable().optional(),
  images: z.array(productImage).max(50).optional(),
  priceTaxExcl: formNumber(z.number().min(0).max(1_000_000)).optional(),
  priceTaxIncl: formNumber(z.number().min(0).max(1_000_000)).optional(),
  taxRate: formNumber(z.number().min(0).max(100)).optional(),
  comparedPrice: formNumber(z.number().min(0).max(1_000_000)).optional(),
  quantity: formNumber(z.number().int().min(0).max(1_000_000)).optional(),
  sku: text(100).optional(),
  width: measure.optional(),
  height: measure.optional(),
  depth: measure.optional(),
  weight: measure.optional(),
  extraShippingFee: formNumber(z.number().min(0).max(1_000_000)).optional(),
  active: z.boolean().optional(),
});
export type Product = z.infer<typeof product>;

const place = z.object({ address: text(300), lat: z.number(), lng: z.number() });

export const customer = z.object({
  id: z.string().min(1),
  firstName: text(100),
  lastName: text(100),
  avatar: text(2000),
  company: text(200),
  jobTitle: text(200),
  email: text(200),
  phone: text(50),
  invoiceAddress: place,
  shippingAddress: place,
});

export const orderProductLine = z.object({
  id: z.string().min(1),
  name: text(200),
  price: amount,
  quantity: z.number().int().min(1),
  total: amount,
  image: text(2000),
});

export const orderStatusEntry = z.object({
  id: z.number().int().min(1).max(14),
  name: text(100),
  color: text(40),
  date: orderDate,
});

export const order = z.object({
  id: z.string().min(1),
  reference: text(40),
  subtotal: amount,
  tax: amount,
  discount: amount,
  total: amount,
  date: orderDate,
  customer,
  products: z.array(orderProductLine),
  status: z.array(orderStatusEntry),
  payment: z.object({ transactionId: text(100), amount, method: text(50), date: orderDate }),
  shippingDetails: z.array(
    z.object({ tracking: text(100), carrier: text(50), weight: text(20), fee: amount, date: orderDate }),
  ),
});
export type Order = z.infer<typeof order>;

export const productIdInput = z.object({ productId: z.string().trim().min(1).max(100) });
export const orderIdInput = z.object({ orderId: z.string().trim().min(1).max(100) });
