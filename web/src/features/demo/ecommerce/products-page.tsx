import { useMemo } from 'react';
import { Plus, ShoppingBag } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { buttonClasses } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import type { Product } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { FallbackImage } from '../shared/fallback-image';
import { DataTable, type DataColumn } from './data-table';
import { formatPrice } from './format';

const featuredImage = (product: Product) => product.images?.find((image) => image.id === product.featuredImageId)?.url ?? product.images?.[0]?.url;

function ActiveBadge({ active }: { active?: boolean }) {
  return active ? (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
      <Trans>Active</Trans>
    </span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
      <Trans>Inactive</Trans>
    </span>
  );
}

/** The products of the e-commerce sample: a searchable, sortable, paged table (cards on phones). */
export default function ProductsPage() {
  const { t } = useLingui();
  const products = trpc.demo.ecommerce.products.useQuery();
  const [, navigate] = useLocation();
  const columns = useMemo<DataColumn<Product>[]>(
    () => [
      {
        id: 'image',
        header: '',
        enableSorting: false,
        cell: ({ row }) => <FallbackImage src={featuredImage(row.original)} alt="" className="size-10 rounded" />,
      },
      { accessorKey: 'name', header: t`Name`, cell: ({ row }) => <span className="font-medium text-slate-900">{row.original.name || t`Untitled product`}</span> },
      { id: 'categories', header: t`Category`, accessorFn: (product) => product.categories?.join(', ') ?? '' },
      { accessorKey: 'priceTaxIncl', header: t`Price`, cell: ({ row }) => formatPrice(row.original.priceTaxIncl) },
      { accessorKey: 'quantity', header: t`Quantity` },
      { id: 'active', header: t`Active`, accessorFn: (product) => (product.active ? 1 : 0), cell: ({ row }) => <ActiveBadge active={row.original.active} /> },
    ],
    [t],
  );

  return (
    <SampleAppShell
      title={t`Products`}
      icon={<ShoppingBag aria-hidden />}
      actions={
        <Link href="/apps/e-commerce/products/new" className={buttonClasses('secondary', 'sm')}>
          <Plus className="size-4" aria-hidden />
          <Trans>Add new product</Trans>
        </Link>
      }
    >
      <QueryState
        query={products}
        errorTitle={t`Could not load the products`}
        loading={<SkeletonList rows={8} label={t`Loading products`} />}
        empty={
          <EmptyState title={t`There are no products yet`}>
            <Trans>Add the first one with “Add new product”.</Trans>
          </EmptyState>
        }
      >
        {(items) => (
          <DataTable
            data={items}
            columns={columns}
            searchLabel={t`Search products`}
            searchText={(product) => [product.name, product.sku, product.categories?.join(' '), product.tags?.join(' ')].filter(Boolean).join(' ')}
            rowLabel={(product) => (product.name ? t`Edit ${product.name}` : t`Edit product`)}
            onOpen={(product) => navigate(`/apps/e-commerce/products/${encodeURIComponent(product.id)}`)}
            emptyTitle={t`No products match`}
            card={(product) => (
              <span className="flex items-center gap-3">
                <FallbackImage src={featuredImage(product)} alt="" className="size-12 shrink-0 rounded" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-slate-900">{product.name || t`Untitled product`}</span>
                  <span className="block truncate text-xs text-slate-500">{product.categories?.join(', ')}</span>
                  <span className="mt-1 flex items-center gap-2 text-sm">
                    {formatPrice(product.priceTaxIncl)} · <Trans>{product.quantity ?? 0} in stock</Trans> <ActiveBadge active={product.active} />
                  </span>
                </span>
              </span>
            )}
          />
        )}
      </QueryState>
    </SampleAppShell>
  );
}
