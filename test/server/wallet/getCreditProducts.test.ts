import type { CreditProduct } from '@shared/wallet'
import { seedCreditProducts } from '@server/features/wallet/seedCreditProducts'
import { buildTestApp, type TestApp } from '@test/helpers/server'

describe('GET /api/payment/getCreditProducts', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
    await seedCreditProducts(t.db)
  })
  afterAll(() => t.close())

  it('lists digital and physical products with prices in dollars', async () => {
    const user = await t.register()
    const { status, body } = await t.call<CreditProduct[]>('GET', '/api/payment/getCreditProducts', {
      token: user.token,
    })
    expect(status).toBe(200)
    expect(body.data[0]).toEqual({
      creditProductId: 1,
      creditProductType: 2,
      creditProductValue: 10_000,
      listPrice: 1.99,
      actualPrice: 1.99,
    })
    expect(body.data.some((product) => product.creditProductType === 1)).toBe(true)
    expect(body.data.some((product) => product.creditProductType === 2)).toBe(true)
    expect(body.data.some((product) => product.actualPrice / product.listPrice < 0.9)).toBe(true)
    expect(body.data.some((product) => product.actualPrice === product.listPrice)).toBe(true)
  })

  it('leaves inactive products out', async () => {
    const user = await t.register()
    await t.db.updateTable('credit_products').set({ active: 0 }).where('id', '=', 7).execute()
    const { body } = await t.call<CreditProduct[]>('GET', '/api/payment/getCreditProducts', { token: user.token })
    expect(body.data.map((product) => product.creditProductId)).not.toContain(7)
    await t.db.updateTable('credit_products').set({ active: 1 }).where('id', '=', 7).execute()
  })

  it('seeds idempotently', async () => {
    await seedCreditProducts(t.db)
    const rows = await t.db.selectFrom('credit_products').select('id').execute()
    expect(rows).toHaveLength(7)
  })

  it('returns 403 to a visitor', async () => {
    expect((await t.call('GET', '/api/payment/getCreditProducts')).status).toBe(403)
  })
})
