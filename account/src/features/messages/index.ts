// The messages feature's public surface for the other features (a trip's "Message host").
export { MessageHost } from './components/MessageHost';
