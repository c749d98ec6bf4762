/** Built-in guide: articles for independent rap and hip-hop artists, searched when no AI model is configured. */
export * from './guide/index';
