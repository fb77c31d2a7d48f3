import { startSimulators } from './start';

// `npm run simulators`: the providers' loopback simulators, and what to enter in the portal (decision 072).
try {
  const { simulators, text } = await startSimulators(process.env);
  console.log(text);
  const stop = async () => {
    await Promise.all(simulators.map((s) => s.stop()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
}
