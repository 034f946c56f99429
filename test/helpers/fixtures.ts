import type { User } from '@shared/session'
import type { CreditCertificate } from '@shared/wallet'

/** The logged-in user of client tests (the same marta as `loggedInSession`), with what a test needs changed. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    userId: 'u1',
    avatarId: 1,
    username: 'marta',
    email: 'marta@example.com',
    digitalCredit: 12_500,
    physicalCredit: 0,
    userLevel: 2,
    userExp: 150,
    expToLevelUp: 200,
    expForCurrentLevel: 100,
    friendCode: 'ABC234',
    createdAt: '2026-01-02T10:00:00.000Z',
    userCardStats: { collectionCount: 0, cardCount: 0, rarityStats: [0, 0, 0, 0, 0] },
    memoryCount: 0,
    friendCount: 0,
    emailVerified: true,
    ...overrides,
  }
}

/** A credit certificate in the traveller's wallet: by default the welcome gift of every new account. */
export function makeCertificate(overrides: Partial<CreditCertificate> = {}): CreditCertificate {
  return {
    creditCertificateId: 'c1',
    creditValue: 10_000,
    redeemCode: 'ABCD-EFGH-JKMN-PQRS',
    source: 'welcome',
    ...overrides,
  }
}
