import { Conversation } from '../features/messages/components/Conversation';

export default Conversation;
