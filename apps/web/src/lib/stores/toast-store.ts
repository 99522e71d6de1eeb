import { create } from 'zustand';

export type ToastType = 'error' | 'success' | 'info' | 'warning';

export interface ToastItem {
  id: string;
  type: ToastType;
  title?: string;
  message: string;
}

interface ToastState {
  toasts: ToastItem[];
  /** Shows a toast; an empty message shows nothing (spec section 8). */
  showToast: (toast: Omit<ToastItem, 'id'>) => void;
  dismissToast: (id: string) => void;
}

let nextToastId = 0;

/** Toasts waiting to be shown; each closes itself after limits.toastDurationMs or when dismissed. */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  showToast: (toast) => {
    if (!toast.message) return;
    set((state) => ({ toasts: [...state.toasts, { ...toast, id: `toast-${++nextToastId}` }] }));
  },
  dismissToast: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));
