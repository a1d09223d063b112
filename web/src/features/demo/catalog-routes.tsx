import { lazy } from 'react';
import { msg } from '@lingui/core/macro';
import type { PageRoute } from '@web/lib/route-types';
import { catalogPagePaths } from '@common/page-paths';

import { sampleAppRoles as sampleRoles } from './workspace-routes';

const ProductsPage = lazy(() => import('./ecommerce/products-page'));
const ProductPage = lazy(() => import('./ecommerce/product-page'));
const OrdersPage = lazy(() => import('./ecommerce/orders-page'));
const OrderPage = lazy(() => import('./ecommerce/order-page'));
const FaqPage = lazy(() => import('./faq/faq-page'));
const FileManagerPage = lazy(() => import('./file-manager/file-manager-page'));
const IconsPage = lazy(() => import('./icons/icons-page'));
const InvoicePage = lazy(() => import('./invoice/invoice-page'));
const KnowledgeBasePage = lazy(() => import('./knowledge-base/knowledge-base-page'));
const SampleCalendarPage = lazy(() => import('./sample-calendar/sample-calendar-page'));

/** The catalogue sample apps (issue 14), each its own lazy chunk; paths as the search navigation lists them. */
export const catalogRoutes: PageRoute[] = [
  { path: catalogPagePaths.products, component: ProductsPage, title: msg`Products`, roles: sampleRoles },
  { path: catalogPagePaths.product, component: ProductPage, title: msg`Product`, roles: sampleRoles },
  { path: catalogPagePaths.orders, component: OrdersPage, title: msg`Orders`, roles: sampleRoles },
  { path: catalogPagePaths.order, component: OrderPage, title: msg`Order`, roles: sampleRoles },
  { path: catalogPagePaths.faq, component: FaqPage, title: msg`FAQ`, roles: sampleRoles },
  { path: catalogPagePaths.fileManager, component: FileManagerPage, title: msg`File Manager`, roles: sampleRoles },
  { path: catalogPagePaths.icons, component: IconsPage, title: msg`Icons`, roles: sampleRoles },
  { path: catalogPagePaths.invoice, component: InvoicePage, title: msg`Invoice`, roles: sampleRoles },
  { path: catalogPagePaths.knowledgeBase, component: KnowledgeBasePage, title: msg`Knowledge Base`, roles: sampleRoles },
  { path: catalogPagePaths.sampleCalendar, component: SampleCalendarPage, title: msg`Sample Calendar`, roles: sampleRoles },
];
