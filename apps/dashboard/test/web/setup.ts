import { configure } from '@testing-library/react';

// findBy… and waitFor answer as soon as what they look for is there; their default deadline of
// one second is a guess at the machine's speed, which a loaded CI machine (the lazily loaded
// pages' imports, React's renders) overruns. A deadline, not a sleep.
configure({ asyncUtilTimeout: 15_000 });
