import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { Order, Product } from './ecommerce.schemas';

export const ecommerceProducts = (db: Db) => collection<Product>(db, 'ecommerce.products');
export const ecommerceOrders = (db: Db) => collection<Order>(db, 'ecommerce.orders');

export const productNotFoundMessage = 'Requested product does not exist.';
export const orderNotFoundMessage = 'Requested order does not exist.';

export async function listProducts(db: Db): Promise<Product[]> {
  return ecommerceProducts(db).list();
}

export async function getProduct(db: Db, productId: string): Promise<Product> {
  const found = await ecommerceProducts(db).get(productId);
  if (!found) throw new DomainError({ code: 'NOT_FOUND', message: productNotFoundMessage });
  return found;
}

/** Replaces the product with the same id, or appends it; answers the product as saved. */
export async function saveProduct(db: Db, input: Product): Promise<Product> {
  return ecommerceProducts(db).put(input);
}

export async function listOrders(db: Db): Promise<Order[]> {
  return ecommerceOrders(db).list();
}

export async function getOrder(db: Db, orderId: string): Promise<Order> {
  const found = await ecommerceOrders(db).get(orderId);
  if (!found) throw new DomainError({ code: 'NOT_FOUND', message: orderNotFoundMessage });
  return found;
}
