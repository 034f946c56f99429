import type { Db } from './db/createDb'
import { seedCatalogue } from './db/seed/seedCatalogue'
import { seedCreditProducts } from './features/wallet/seedCreditProducts'

/**
 * Reference data every fresh database needs, applied at each start; each step is idempotent.
 * SEED STEPS: features add their seed call here (catalogue, credit products).
 */
export async function seedDatabase(db: Db): Promise<void> {
  await seedCatalogue(db)
  await seedCreditProducts(db)
}
