export { Calendar, type CalendarChange, type CalendarProps } from './Calendar';
