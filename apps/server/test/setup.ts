// Runs before each integration test file. Its afterAll is registered first, so it runs after the file's own.
import { afterAll } from 'vitest';
import { removeTempDirs } from './helpers.js';

afterAll(() => removeTempDirs());
