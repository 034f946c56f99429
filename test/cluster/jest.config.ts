/**
 * @jest-config-loader ts-node
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "node10"}}
 */
// Loaded through ts-node on every Node: Node 24 loads a TypeScript config itself, as an ES module, which cannot import
// the root config by its extensionless path. Without type checking (npm run typecheck does that), which took seconds
// at every start.
import type { Config } from 'jest'

import { serverProject } from '../../jest.config'

// The cluster suite (npm run test:cluster): the compiled server behind nginx on PostgreSQL, Redis and S3. Kept out of
// `npm test` because it needs those servers, nginx and a build; .ci/run runs it after the build.
const config: Config = {
  ...serverProject,
  rootDir: '../..',
  displayName: 'cluster',
  testMatch: ['<rootDir>/test/cluster/**/*.test.ts'],
  // Starting three instances on a busy 2-core machine takes up to a minute; the burst of picks about as long.
  testTimeout: 120_000,
  // The cluster seeds its own database through the instances it starts.
  globalSetup: undefined,
  globalTeardown: undefined,
}

export default config
