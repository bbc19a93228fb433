import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// PGlite boots PostgreSQL in WebAssembly (1-3 s each) and the schema engine is a 5 MB module. A
// bound, not a wait: at load 20 on the 2-core machine a test that boots PGlite three times or
// replays every migration in a shadow database took over 60 s (CI failed so); idle, 5-10 s.
export default mergeConfig(shared, defineConfig({ test: { testTimeout: 180_000, hookTimeout: 180_000 } }));
