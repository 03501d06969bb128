import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import { TOAST_DURATION_MS, TOAST_LIMIT } from 'shared/rules';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  /** Text copied to the clipboard when the action is used. */
  copy: string;
}

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  durationMs: number;
  actions?: ToastAction[];
}

export interface ToastState {
  items: Toast[];
}

const initialState: ToastState = { items: [] };

export const toastSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    showToast: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
        if (state.items.length > TOAST_LIMIT) state.items.splice(0, state.items.length - TOAST_LIMIT);
      },
      prepare(toast: { kind: ToastKind; message: string; durationMs?: number; actions?: ToastAction[] }) {
        const durationMs = toast.durationMs ?? TOAST_DURATION_MS[toast.kind];
        return { payload: { id: nanoid(), ...toast, durationMs } };
      },
    },
    dismissToast(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { showToast, dismissToast } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
