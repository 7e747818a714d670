import { configure } from '@testing-library/dom';

// Lazy screens are compiled on first import inside the test run, which on a loaded 2-core
// machine can take seconds; findBy*/waitFor must wait for that, not fail at the 1 s default.
configure({ asyncUtilTimeout: 10_000 });
