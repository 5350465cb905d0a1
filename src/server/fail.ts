// How the process gives up at start-up: the message alone on stderr, exit code 1.
export const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};
