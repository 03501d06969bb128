// Runs bcrypt off the main thread (password-hash.ts): bcryptjs is pure JavaScript and would
// otherwise hold the event loop for the whole hash (about 70 ms at cost 10).
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort.on('message', ({ id, op, password, cost, hash }) => {
  try {
    const result = op === 'hash' ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
