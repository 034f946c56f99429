import type { Kysely } from 'kysely'

import { DIGITAL_CREDIT_PRODUCT_TYPE, PHYSICAL_CREDIT_PRODUCT_TYPE } from '@shared/constants'

import type { Database } from '../../db/schema'

import { upsertCreditProducts } from './queries'

interface SeedProduct {
  id: number
  type: number
  credit: number
  listCents: number
  actualCents: number
}

/** The credit on sale. Larger packs are discounted; 6 sits just above the 0.9 badge threshold on purpose. */
export const CREDIT_PRODUCTS: SeedProduct[] = [
  { id: 1, type: DIGITAL_CREDIT_PRODUCT_TYPE, credit: 10_000, listCents: 199, actualCents: 199 },
  { id: 2, type: DIGITAL_CREDIT_PRODUCT_TYPE, credit: 60_000, listCents: 1_194, actualCents: 999 },
  { id: 3, type: DIGITAL_CREDIT_PRODUCT_TYPE, credit: 150_000, listCents: 2_985, actualCents: 1_999 },
  { id: 4, type: DIGITAL_CREDIT_PRODUCT_TYPE, credit: 400_000, listCents: 7_960, actualCents: 4_999 },
  { id: 5, type: PHYSICAL_CREDIT_PRODUCT_TYPE, credit: 5_000, listCents: 499, actualCents: 499 },
  { id: 6, type: PHYSICAL_CREDIT_PRODUCT_TYPE, credit: 20_000, listCents: 1_996, actualCents: 1_799 },
  { id: 7, type: PHYSICAL_CREDIT_PRODUCT_TYPE, credit: 50_000, listCents: 4_990, actualCents: 3_999 },
]

/** Upserts the products by id at every start, so a price change here reaches existing databases. */
export async function seedCreditProducts(db: Kysely<Database>): Promise<void> {
  await upsertCreditProducts(
    db,
    CREDIT_PRODUCTS.map((product, index) => ({
      id: product.id,
      product_type: product.type,
      credit_value: product.credit,
      list_price_cents: product.listCents,
      actual_price_cents: product.actualCents,
      sort_order: index + 1,
      active: 1,
    })),
  )
}
