export { removeTemplate as default } from './migrated-template';
