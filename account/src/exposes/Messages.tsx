import { Messages } from '../features/messages/components/Messages';

export default Messages;
