/** shared/config: the runtime configuration (/config.json) and the React context that carries it. */
export * from './ConfigContext';
export * from './runtimeConfig';
