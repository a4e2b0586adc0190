// `npm start` runs this before it installs or builds anything, so a bad configuration is refused in seconds,
// in one sentence, instead of after minutes of building. The supervisor checks the same again when it starts.
import { ConfigError, loadConfig } from './config';

try {
  loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : String(error));
  process.exit(1);
}
