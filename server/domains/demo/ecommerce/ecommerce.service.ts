import { TRPCError } from '@trpc/server';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { Order, Product } from './ecommerce.schemas';

export const ecommerceProducts = (db: Db) => collection<Product>(db, 'ecommerce.products');
export const ecommerceOrders = (db: Db) => collection<Order>(db, 'ecommerce.orders');

export const productNotFoundMessage = 'Requested product does not exist.';
export const orderNotFoundMessage = 'Requested order does not exist.';

export function listProducts(db: Db): Product[] {
  return ecommerceProducts(db).list();
}

export function getProduct(db: Db, productId: string): Product {
  const found = ecommerceProducts(db).get(productId);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: productNotFoundMessage });
  return found;
}

/** Replaces the product with the same id, or appends it; answers the product as saved. */
export function saveProduct(db: Db, input: Product): Product {
  return ecommerceProducts(db).put(input);
}

export function listOrders(db: Db): Order[] {
  return ecommerceOrders(db).list();
}

export function getOrder(db: Db, orderId: string): Order {
  const found = ecommerceOrders(db).get(orderId);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: orderNotFoundMessage });
  return found;
}
