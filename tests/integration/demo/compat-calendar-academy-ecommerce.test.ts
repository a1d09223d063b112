import { describe, expect, it } from 'vitest';
import type { Course } from '@server/domains/demo/academy/academy.schemas';
import type { CalendarEvent } from '@server/domains/demo/calendar/calendar.schemas';
import type { Order, Product } from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { templateGuid, useTemplateClient } from './compat-client';

/** Replays of the template's calendar (events.actions.js, EventDialog.js), academy (course.actions.js) and e-commerce stores. */
const client = useTemplateClient();

describe('template client: calendar app', () => {
  it('addEvent({ newEvent }) posts the dialog form (its own GUID, moment dates as JSON), then update and remove', async () => {
    const form = { id: templateGuid(), title: 'Replay gig', allDay: true, start: '2026-11-24T18:00:00.000Z', end: '2026-11-24T23:00:00.000Z', desc: '' };
    const created = await client.post<CalendarEvent>('/api/calendar-app/add-event', { newEvent: form });
    expect(created).toMatchObject({ title: 'Replay gig', allDay: true, start: form.start, end: form.end });
    expect(await client.get<CalendarEvent[]>('/api/calendar-app/events')).toContainEqual(created);
    const updated = await client.post<CalendarEvent>('/api/calendar-app/update-event', { event: { ...created, desc: 'Bring cables' } });
    expect(updated.desc).toBe('Bring cables');
    await client.post('/api/calendar-app/remove-event', { eventId: created.id });
    expect((await client.get<CalendarEvent[]>('/api/calendar-app/events')).map((event) => event.id)).not.toContain(created.id);
  });
});

describe('template client: academy app', () => {
  it('getCourse(routeParams) sends courseHandle next to courseId; updateCourse posts { id, activeStep }', async () => {
    expect((await client.get<unknown[]>('/api/academy-app/categories')).length).toBeGreaterThan(0);
    const [summary] = await client.get<Course[]>('/api/academy-app/courses');
    const course = await client.get<Course>('/api/academy-app/course', { courseId: summary!.id, courseHandle: summary!.slug });
    expect(course.steps.length).toBeGreaterThan(0);
    await client.post('/api/academy-app/course/update', { id: course.id, activeStep: 2 });
    expect((await client.get<Course>('/api/academy-app/course', { courseId: course.id })).activeStep).toBe(2);
    await client.post('/api/academy-app/course/save', { ...course, title: 'Replayed course' });
    expect((await client.get<Course>('/api/academy-app/course', { courseId: course.id })).title).toBe('Replayed course');
  });
});

describe('template client: e-commerce app', () => {
  it('getProduct(routeParams) sends productHandle; saveProduct posts the form with numbers typed as text', async () => {
    const [summary] = await client.get<Product[]>('/api/e-commerce-app/products');
    const product = await client.get<Product>('/api/e-commerce-app/product', { productId: summary!.id, productHandle: summary!.handle });
    expect(product).toEqual(summary);
    const form = { ...product, name: 'Replayed product', priceTaxExcl: '12.50', priceTaxIncl: '13.75', taxRate: '10', comparedPrice: '15', quantity: '7', extraShippingFee: '2.5' };
    const saved = await client.post<Product>('/api/e-commerce-app/product/save', form);
    expect(saved).toMatchObject({ name: 'Replayed product', priceTaxExcl: 12.5, priceTaxIncl: 13.75, taxRate: 10, comparedPrice: 15, quantity: 7, extraShippingFee: 2.5 });
    expect(await client.get('/api/e-commerce-app/product', { productId: product.id })).toEqual(saved);
  });

  it('a new product (route "new") is saved under the id the client gave it and appended', async () => {
    const id = templateGuid();
    const saved = await client.post<Product>('/api/e-commerce-app/product/save', {
      id, name: 'Brand new', handle: 'brand-new', description: '', categories: [], tags: [], images: [], featuredImageId: '',
      priceTaxExcl: 0, priceTaxIncl: 0, taxRate: 0, comparedPrice: 0, quantity: 0, sku: '', width: '', height: '', depth: '', weight: '', extraShippingFee: 0, active: true,
    });
    expect(saved.id).toBe(id);
    expect((await client.get<Product[]>('/api/e-commerce-app/products')).at(-1)).toEqual(saved);
  });

  it('getOrder(routeParams) and the orders list', async () => {
    const [first] = await client.get<Order[]>('/api/e-commerce-app/orders');
    expect(await client.get('/api/e-commerce-app/order', { orderId: first!.id })).toEqual(first);
  });
});
