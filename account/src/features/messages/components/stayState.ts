/**
 * The state of the stay a conversation is about (issue 42), as the trips page shows it: derived
 * by shared/rules' tripStatus from the booking's state and dates, the one rule the trips use, so a
 * conversation and its trip never disagree. An inquiry has no stay.
 */
import { tripStatus, type IsoDay, type TripStatus } from 'shared/rules';
import type { ConversationSummary } from '../api/messagesApi';

const STAY_LABEL: Record<TripStatus, string> = {
  REQUESTED: 'Requested',
  UPCOMING: 'Upcoming',
  CURRENT: 'Current',
  PAST: 'Past',
  CANCELLED: 'Cancelled',
  DECLINED: 'Declined',
  EXPIRED: 'Expired',
};

export interface StayState {
  status: TripStatus;
  label: string;
}

export function stayStateOf(
  conversation: Pick<ConversationSummary, 'start_date' | 'end_date' | 'stay_state'>,
  today: IsoDay,
): StayState | null {
  const { start_date: startDate, end_date: endDate } = conversation;
  if (startDate === null || endDate === null) return null;
  const state = conversation.stay_state;
  const status = tripStatus({ startDate, endDate, cancelled: state === 'cancelled', state }, today);
  return { status, label: STAY_LABEL[status] };
}
