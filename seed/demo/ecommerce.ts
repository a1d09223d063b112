import type { Db } from '@db/client';
import {
  orderStatuses,
  productTaxRate,
  sampleCarrier,
  samplePaymentMethod,
  type Order,
  type Product,
} from '@server/domains/demo/ecommerce/ecommerce.schemas';
import { sampleImageUrl } from '@server/domains/demo/ecommerce/ecommerce.images';
import { ecommerceOrders, ecommerceProducts } from '@server/domains/demo/ecommerce/ecommerce.service';
import type { DemoSeeder } from './seeder';
import { cents, hexId, money, seededFaker, shiftDays, slashDateTime, slugify } from './sample-faker';

export const productCount = 30;
export const orderCount = 20;

const productCategories = ['Audio', 'Lighting', 'Cables', 'Cases', 'Merch', 'Software'];

export function generateProducts(): Product[] {
  const faker = seededFaker(201);
  const names = new Set<string>();
  const products: Product[] = [];
  while (products.length < productCount) {
    const name = `${faker.commerce.productAdjective()} ${faker.commerce.productMaterial()} ${faker.commerce.product()}`;
    if (names.has(name)) continue;
    names.add(name);
    const id = hexId(faker);
    const handle = slugify(name);
    const images = Array.from({ length: faker.number.int({ min: 2, max: 4 }) }, (_, index) => ({
      id: `${id}-img-${index}`,
      url: sampleImageUrl(handle, index + 1),
      type: 'image',
    }));
    const priceTaxExcl = cents(faker.number.float({ min: 5, max: 600, fractionDigits: 2 }));
    const category = productCategories[products.length % productCategories.length]!;
    products.push({
      id,
      name,
      handle,
      description: faker.commerce.productDescription(),
      categories: [category, faker.helpers.arrayElement(productCategories.filter((value) => value !== category))],
      tags: faker.helpers.arrayElements(['stage', 'studio', 'travel', 'live', 'podcast', 'gift', 'new'], { min: 1, max: 3 }),
      featuredImageId: images[0]!.id,
      images,
      priceTaxExcl,
      priceTaxIncl: cents(priceTaxExcl * (1 + productTaxRate / 100)),
      taxRate: productTaxRate,
      comparedPrice: cents(priceTaxExcl * 1.25),
      quantity: faker.number.int({ min: 0, max: 120 }),
      sku: faker.string.alphanumeric({ length: 8, casing: 'upper' }),
      width: `${faker.number.int({ min: 5, max: 60 })}cm`,
      height: `${faker.number.int({ min: 5, max: 60 })}cm`,
      depth: `${faker.number.int({ min: 2, max: 40 })}cm`,
      weight: `${faker.number.float({ min: 0.1, max: 12, fractionDigits: 1 })}kg`,
      extraShippingFee: cents(faker.number.float({ min: 0, max: 15, fractionDigits: 2 })),
      active: faker.datatype.boolean({ probability: 0.8 }),
    });
  }
  return products;
}

/** Status histories used by the sample orders; together they use every one of the 14 statuses. */
const statusPaths: number[][] = [
  [11, 2, 3, 4, 5],
  [1, 2, 3, 4],
  [10, 2, 3],
  [14, 3, 4, 5],
  [11, 8],
  [9, 3, 4, 5],
  [13, 9, 3],
  [1, 6],
  [11, 12, 3, 4, 5, 7],
  [11, 2],
];

export function generateOrders(products: Product[]): Order[] {
  const faker = seededFaker(202);
  return Array.from({ length: orderCount }, (_, index) => {
    const placed = shiftDays(-faker.number.int({ min: 2, max: 300 }), faker.number.int({ min: 0, max: 1439 }));
    const lines = faker.helpers.arrayElements(products, { min: 1, max: 4 }).map((item) => {
      const quantity = faker.number.int({ min: 1, max: 3 });
      const price = item.priceTaxExcl ?? 0;
      return {
        id: item.id,
        name: item.name ?? item.id,
        price: money(price),
        quantity,
        total: money(price * quantity),
        image: item.images?.[0]?.url ?? '',
      };
    });
    const subtotal = lines.reduce((sum, line) => sum + Math.round(Number(line.total) * 100), 0);
    const tax = Math.round((subtotal * productTaxRate) / 100);
    const discount = -Math.round(subtotal * faker.helpers.arrayElement([0.02, 0.05, 0.1]));
    const total = subtotal + tax + discount;
    let at = placed.getTime();
    const status = statusPaths[index % statusPaths.length]!.map((statusId, step) => {
      if (step > 0) at += faker.number.int({ min: 60, max: 60 * 48 }) * 60_000;
      const known = orderStatuses.find((entry) => entry.id === statusId)!;
      return { id: known.id, name: known.name, color: known.color, date: slashDateTime(new Date(at)) };
    });
    const firstName = faker.person.firstName();
    const lastName = faker.person.lastName();
    const invoiceAddress = {
      address: `${faker.location.streetAddress()}, ${faker.location.city()}, ${faker.location.state({ abbreviated: true })} ${faker.location.zipCode()}`,
      lat: faker.location.latitude({ min: 25, max: 48, precision: 6 }),
      lng: faker.location.longitude({ min: -122, max: -70, precision: 6 }),
    };
    const shipped = slashDateTime(new Date(at));
    return {
      id: String(index + 1),
      reference: faker.string.alpha({ length: 9, casing: 'upper' }),
      subtotal: money(subtotal / 100),
      tax: money(tax / 100),
      discount: money(discount / 100),
      total: money(total / 100),
      date: slashDateTime(placed),
      customer: {
        id: hexId(faker),
        firstName,
        lastName,
        avatar: `/assets/images/avatars/${slugify(firstName)}.jpg`,
        company: faker.company.name(),
        jobTitle: faker.person.jobTitle(),
        email: faker.internet.email({ firstName, lastName, provider: 'example.com' }).toLowerCase(),
        phone: faker.phone.number({ style: 'national' }),
        invoiceAddress,
        shippingAddress: faker.datatype.boolean() ? invoiceAddress : { ...invoiceAddress, address: `${faker.location.streetAddress()}, ${faker.location.city()}` },
      },
      products: lines,
      status,
      payment: {
        transactionId: faker.string.alphanumeric({ length: 14, casing: 'lower' }),
        amount: money(total / 100),
        method: samplePaymentMethod,
        date: slashDateTime(placed),
      },
      shippingDetails: [
        {
          tracking: faker.string.numeric(12),
          carrier: sampleCarrier,
          weight: faker.number.float({ min: 0.2, max: 25, fractionDigits: 2 }).toFixed(2),
          fee: money(faker.number.float({ min: 3, max: 30, fractionDigits: 2 })),
          date: shipped,
        },
      ],
    };
  });
}

export const ecommerceSeeder: DemoSeeder = {
  app: 'ecommerce',
  async seed(db: Db) {
    const products = generateProducts();
    await ecommerceProducts(db).replaceAll(products);
    await ecommerceOrders(db).replaceAll(generateOrders(products));
  },
};
