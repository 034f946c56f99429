import { seedCreditProducts } from '../../features/wallet/seedCreditProducts'
import type { Db } from '../createDb'

import { seedCatalogue } from './seedCatalogue'

/**
 * Reference data every fresh database needs, applied at each start; each step is idempotent.
 * SEED STEPS: features add their seed call here (catalogue, credit products).
 */
export async function seedDatabase(db: Db): Promise<void> {
  await seedCatalogue(db)
  await seedCreditProducts(db)
}
