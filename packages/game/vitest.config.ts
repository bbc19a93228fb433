import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// PGlite boots PostgreSQL in WebAssembly (1-3 s each) and the schema engine is a 5 MB module.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 60_000, hookTimeout: 60_000 } }));
