/**
 * The suite hashes at a low cost (helpers/serverEnv.ts sets PASSWORD_SCRYPT_N), and so do the browser journeys'
 * server (playwright.config.ts): this file holds the one check that a server started without it hashes at the
 * production cost, scrypt N=2^17, r=8, p=1, and verifies what it hashed.
 */
it('hashes new passwords at the production cost when PASSWORD_SCRYPT_N is not set', async () => {
  const suiteCost = process.env.PASSWORD_SCRYPT_N
  delete process.env.PASSWORD_SCRYPT_N
  try {
    await jest.isolateModulesAsync(async () => {
      const { hashPassword, verifyPassword } = await import('@server/lib/passwords')
      const hash = await hashPassword('a long travel password')
      expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', String(2 ** 17), '8', '1'])
      expect(await verifyPassword('a long travel password', hash)).toBe(true)
      expect(await verifyPassword('a long travel passwore', hash)).toBe(false)
    })
  } finally {
    if (suiteCost !== undefined) process.env.PASSWORD_SCRYPT_N = suiteCost
  }
})
