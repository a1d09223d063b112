import { DomainError } from '@server/platform/errors';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { products } from '@db/schema/billing';
import { addOnBase, addOnExplanation, defaultProductFeatures, planMessages, type ProductOutput } from './billing.schemas';

export const productNotFoundMessage = planMessages.productNotFound;

function toProduct(row: typeof products.$inferSelect): ProductOutput {
  return {
    id: row.id,
    name: row.name,
    pricePerMonthCents: row.pricePerMonthCents,
    setUpFeeCents: row.setUpFeeCents,
    setUpFeePriceId: row.setUpFeePriceId,
    features: featuresOf(row),
    addOnNote: addOnBase[row.id] ? addOnExplanation : null,
  };
}

/** The admin's list, else the built-in one of the product id. */
export function featuresOf(row: Pick<typeof products.$inferSelect, 'id' | 'features'>): string[] {
  return row.features ?? [...(defaultProductFeatures[row.id] ?? [])];
}

/** Settings → Plans: what a plan card lists (null restores the built-in list). */
export async function updateProductFeatures(db: Db, id: ProductOutput['id'], features: string[] | null): Promise<ProductOutput> {
  await getProductRecord(db, id);
  const lines = features === null ? null : features.map((line) => line.trim()).filter(Boolean);
  await db.update(products).set({ features: lines }).where(eq(products.id, id));
  return getProduct(db, id);
}

/** Every subscription product, in the catalogue's order. */
export async function listProducts(db: Db): Promise<ProductOutput[]> {
  return (await db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id))).map(toProduct);
}

export async function getProduct(db: Db, id: string): Promise<ProductOutput> {
  return toProduct(await getProductRecord(db, id));
}

export type ProductRecord = typeof products.$inferSelect;

/** The full product row (provider price ids included) for the payments domain. */
export async function getProductRecord(db: Db, id: string): Promise<ProductRecord> {
  const row = await firstRow(
    db
      .select()
      .from(products)
      .where(eq(products.id, id as ProductOutput['id'])),
  );
  if (!row) throw new DomainError({ code: 'NOT_FOUND', message: productNotFoundMessage });
  return row;
}

/** The setup fee the first invoice carries: only when above 0 and a provider price id exists (platform.md §5). */
export function firstInvoiceSetUpFeeCents(product: Pick<ProductRecord, 'setUpFeeCents' | 'setUpFeePriceId'>): number {
  return product.setUpFeeCents > 0 && product.setUpFeePriceId ? product.setUpFeeCents : 0;
}
