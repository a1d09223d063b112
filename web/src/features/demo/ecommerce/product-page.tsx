import { useEffect, useState, type FormEvent } from 'react';
import { ArrowLeft, ImagePlus, Save, Star, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '@web/lib/i18n/i18n';
import { Link, useLocation, useParams } from 'wouter';
import { Button } from '@web/components/button';
import { cx } from '@web/components/cx';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonCards } from '@web/components/skeleton';
import { TextField } from '@web/components/text-field';
import { TextAreaField } from '@web/components/textarea-field';
import { trpc } from '@web/lib/trpc';
import { productTaxRate, type Product } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { FallbackImage } from '../shared/fallback-image';
import { Tabs } from '../shared/tabs';
import { formatPrice } from './format';

/** What the form edits: numbers as the text typed into their fields. */
interface Draft {
  id: string;
  name: string;
  handle: string;
  description: string;
  categories: string;
  tags: string;
  images: NonNullable<Product['images']>;
  featuredImageId: string;
  priceTaxExcl: string;
  taxRate: string;
  comparedPrice: string;
  sku: string;
  quantity: string;
  width: string;
  height: string;
  depth: string;
  weight: string;
  extraShippingFee: string;
  active: boolean;
}

const newId = () => crypto.randomUUID().replace(/-/g, '').slice(0, 24);
const slug = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const list = (text: string) => [...new Set(text.split(',').map((item) => item.trim()).filter(Boolean))];
const numberText = (value: number | undefined) => (value === undefined ? '' : String(value));

function toDraft(product: Product | null): Draft {
  return {
    id: product?.id ?? newId(),
    name: product?.name ?? '',
    handle: product?.handle ?? '',
    description: product?.description ?? '',
    categories: product?.categories?.join(', ') ?? '',
    tags: product?.tags?.join(', ') ?? '',
    images: product?.images ?? [],
    featuredImageId: product?.featuredImageId ?? '',
    priceTaxExcl: numberText(product?.priceTaxExcl ?? 0),
    taxRate: numberText(product?.taxRate ?? productTaxRate),
    comparedPrice: numberText(product?.comparedPrice ?? 0),
    sku: product?.sku ?? '',
    quantity: numberText(product?.quantity ?? 0),
    width: product?.width ?? '',
    height: product?.height ?? '',
    depth: product?.depth ?? '',
    weight: product?.weight ?? '',
    extraShippingFee: numberText(product?.extraShippingFee ?? 0),
    active: product?.active ?? true,
  };
}

type Errors = Partial<Record<'name' | 'priceTaxExcl' | 'taxRate' | 'comparedPrice' | 'quantity' | 'extraShippingFee' | 'imageUrl', string>>;

const round2 = (value: number) => Math.round(value * 100) / 100;

function validate(draft: Draft): Errors {
  const errors: Errors = {};
  if (!draft.name.trim()) errors.name = i18n._(msg`Enter the product name`);
  const money = (field: 'priceTaxExcl' | 'comparedPrice' | 'extraShippingFee') => {
    const value = Number(draft[field]);
    if (draft[field].trim() === '' || !Number.isFinite(value) || value < 0) errors[field] = i18n._(msg`Enter an amount of 0 or more`);
  };
  money('priceTaxExcl');
  money('comparedPrice');
  money('extraShippingFee');
  const rate = Number(draft.taxRate);
  if (draft.taxRate.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 100) errors.taxRate = i18n._(msg`Enter a rate from 0 to 100`);
  const quantity = Number(draft.quantity);
  if (draft.quantity.trim() === '' || !Number.isInteger(quantity) || quantity < 0) errors.quantity = i18n._(msg`Enter a whole number of 0 or more`);
  return errors;
}

function toProduct(draft: Draft): Product {
  const priceTaxExcl = Number(draft.priceTaxExcl);
  const taxRate = Number(draft.taxRate);
  return {
    id: draft.id,
    name: draft.name.trim(),
    handle: draft.handle.trim() || slug(draft.name),
    description: draft.description.trim(),
    categories: list(draft.categories),
    tags: list(draft.tags),
    images: draft.images,
    featuredImageId: draft.images.some((image) => image.id === draft.featuredImageId) ? draft.featuredImageId : (draft.images[0]?.id ?? null),
    priceTaxExcl,
    taxRate,
    priceTaxIncl: round2(priceTaxExcl * (1 + taxRate / 100)),
    comparedPrice: Number(draft.comparedPrice),
    sku: draft.sku.trim(),
    quantity: Number(draft.quantity),
    width: draft.width.trim(),
    height: draft.height.trim(),
    depth: draft.depth.trim(),
    weight: draft.weight.trim(),
    extraShippingFee: Number(draft.extraShippingFee),
    active: draft.active,
  };
}

function ProductForm({ product }: { product: Product | null }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<Draft>(() => toDraft(product));
  const [errors, setErrors] = useState<Errors>({});
  const [imageUrl, setImageUrl] = useState('');
  const [tab, setTab] = useState('basic');
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  useEffect(() => setDraft(toDraft(product)), [product]);

  const save = trpc.demo.ecommerce.saveProduct.useMutation({
    onSuccess: async (saved) => {
      toast.success(product ? t`Product saved` : t`Product created`);
      utils.demo.ecommerce.product.setData({ productId: saved.id }, saved);
      await utils.demo.ecommerce.products.invalidate();
      if (!product) navigate(`/apps/e-commerce/products/${encodeURIComponent(saved.id)}`, { replace: true });
    },
    onError: (error) => toast.error(error.message),
  });

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const field = (name: keyof Draft & keyof Errors) => ({
    value: draft[name] as string,
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as Draft[typeof name]),
    error: errors[name],
  });

  function addImage() {
    const url = imageUrl.trim();
    if (!/^(https?:\/\/|\/)/.test(url)) {
      setErrors((current) => ({ ...current, imageUrl: t`Enter an image address starting with http(s):// or /` }));
      return;
    }
    const image = { id: newId(), url, type: 'image' };
    setDraft((current) => ({ ...current, images: [...current.images, image], featuredImageId: current.featuredImageId || image.id }));
    setImageUrl('');
    setErrors(({ imageUrl: _removed, ...rest }) => rest);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(draft);
    setErrors(found);
    if (Object.keys(found).length) {
      toast.error(t`Check the highlighted fields`);
      if (found.name) setTab('basic');
      else if (found.priceTaxExcl || found.taxRate || found.comparedPrice) setTab('pricing');
      else if (found.quantity) setTab('inventory');
      else setTab('shipping');
      return;
    }
    save.mutate(toProduct(draft));
  }

  const preview = toProduct({ ...draft, priceTaxExcl: draft.priceTaxExcl || '0', taxRate: draft.taxRate || '0' });
  const featured = draft.images.find((image) => image.id === draft.featuredImageId) ?? draft.images[0];

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <FallbackImage src={featured?.url} alt="" className="size-12 rounded" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{draft.name.trim() || t`New product`}</p>
          <p className="text-xs text-slate-500">
            <Trans>Product detail</Trans>
          </p>
        </div>
        <Button type="submit" busy={save.isPending}>
          <Save className="size-4" aria-hidden />
          <Trans>Save</Trans>
        </Button>
      </div>
      <Tabs
        label={t`Product sections`}
        value={tab}
        onValueChange={setTab}
        tabs={[
          {
            value: 'basic',
            label: t`Basic info`,
            content: (
              <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
                <TextField label={t`Name`} required {...field('name')} />
                <TextField label={t`Handle`} value={draft.handle} onChange={(event) => set('handle', event.target.value)} hint={t`Leave empty to use “${slug(draft.name) || 'the-name'}”`} />
                <TextAreaField label={t`Description`} rows={5} value={draft.description} onChange={(event) => set('description', event.target.value)} />
                <TextField label={t`Categories`} value={draft.categories} onChange={(event) => set('categories', event.target.value)} hint={t`Separate with commas`} />
                <TextField label={t`Tags`} value={draft.tags} onChange={(event) => set('tags', event.target.value)} hint={t`Separate with commas`} />
                <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                  <input type="checkbox" checked={draft.active} onChange={(event) => set('active', event.target.checked)} className="size-4 accent-brand-600" />
                  <Trans>Active (shown in the shop)</Trans>
                </label>
              </div>
            ),
          },
          {
            value: 'images',
            label: t`Images`,
            content: (
              <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
                  <TextField className="flex-1" label={t`Image address`} placeholder="https://…" value={imageUrl} onChange={(event) => setImageUrl(event.target.value)} error={errors.imageUrl} />
                  <Button variant="secondary" onClick={addImage}>
                    <ImagePlus className="size-4" aria-hidden />
                    <Trans>Add image</Trans>
                  </Button>
                </div>
                {draft.images.length === 0 ? (
                  <p className="text-sm text-slate-500"><Trans>No images yet. Add one by its address; the first becomes the featured image.</Trans>
                  </p>
                ) : (
                  <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
                    {draft.images.map((image, index) => {
                      const isFeatured = image.id === (featured?.id ?? '');
                      return (
                        <li key={image.id} className={cx('overflow-hidden rounded-lg border bg-white', isFeatured ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200')}>
                          <FallbackImage src={image.url} alt={t`Image ${index + 1}`} className="aspect-square w-full" />
                          <div className="flex items-center justify-between gap-1 p-1">
                            <Button variant="ghost" size="sm" onClick={() => set('featuredImageId', image.id)} aria-pressed={isFeatured} aria-label={t`Make image ${index + 1} the featured image`}>
                              <Star className={cx('size-4', isFeatured && 'fill-brand-500 text-brand-500')} aria-hidden />
                              {isFeatured ? t`Featured` : t`Feature`}
                            </Button>
                            <Button
                              variant="ghost"
                              size="sm"
                              aria-label={t`Remove image ${index + 1}`}
                              onClick={() => setDraft((current) => ({ ...current, images: current.images.filter((item) => item.id !== image.id) }))}
                            >
                              <Trash2 className="size-4" aria-hidden />
                            </Button>
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
            ),
          },
          {
            value: 'pricing',
            label: t`Pricing`,
            content: (
              <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
                <TextField label={t`Price excluding tax ($)`} inputMode="decimal" {...field('priceTaxExcl')} />
                <TextField label={t`Tax rate (%)`} inputMode="decimal" {...field('taxRate')} />
                <div className="space-y-1">
                  <p className="text-sm font-medium text-slate-700">
                    <Trans>Price including tax</Trans>
                  </p>
                  <p className="flex h-10 items-center rounded-md bg-slate-50 px-3 text-sm text-slate-900" aria-live="polite">
                    {formatPrice(preview.priceTaxIncl)}
                  </p>
                </div>
                <TextField label={t`Compared price ($)`} inputMode="decimal" hint={t`Shown struck through next to the real price`} {...field('comparedPrice')} />
              </div>
            ),
          },
          {
            value: 'inventory',
            label: t`Inventory`,
            content: (
              <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
                <TextField label="SKU" value={draft.sku} onChange={(event) => set('sku', event.target.value)} />
                <TextField label={t`Quantity`} inputMode="numeric" {...field('quantity')} />
              </div>
            ),
          },
          {
            value: 'shipping',
            label: t`Shipping`,
            content: (
              <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3">
                <TextField label={t`Width`} value={draft.width} onChange={(event) => set('width', event.target.value)} />
                <TextField label={t`Height`} value={draft.height} onChange={(event) => set('height', event.target.value)} />
                <TextField label={t`Depth`} value={draft.depth} onChange={(event) => set('depth', event.target.value)} />
                <TextField label={t`Weight`} value={draft.weight} onChange={(event) => set('weight', event.target.value)} />
                <TextField label={t`Extra shipping fee ($)`} inputMode="decimal" {...field('extraShippingFee')} />
              </div>
            ),
          },
        ]}
      />
    </form>
  );
}

/** Edit a product of the e-commerce sample, or create one at /apps/e-commerce/products/new. */
export default function ProductPage() {
  const { t } = useLingui();
  const { productId = 'new' } = useParams<{ productId: string }>();
  const isNew = productId === 'new';
  const product = trpc.demo.ecommerce.product.useQuery({ productId }, { enabled: !isNew, retry: (count, error) => error.data?.httpStatus !== 404 && count < 2 });
  const back = (
    <Link href="/apps/e-commerce/products" className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-white hover:bg-white/15">
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
      <Trans>Products</Trans>
    </Link>
  );
  return (
    <SampleAppShell title={isNew ? t`New product` : (product.data?.name ?? t`Product`)} subtitle={t`E-commerce`} actions={back}>
      {isNew ? (
        <ProductForm product={null} />
      ) : (
        <QueryState query={product} errorTitle={t`Could not load this product`} loading={<SkeletonCards count={2} label={t`Loading the product`} className="sm:grid-cols-1 xl:grid-cols-1" />}>
          {(loaded) => <ProductForm product={loaded} />}
        </QueryState>
      )}
    </SampleAppShell>
  );
}
