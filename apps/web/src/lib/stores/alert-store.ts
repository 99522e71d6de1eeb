import { create } from 'zustand';

export type AlertType = 'error' | 'success' | 'info' | 'warning';

export interface AlertAction {
  label: string;
  onClick: () => void;
}

/** One alert of spec section 3: type, title, message, id, actions and an onClose handler. */
export interface AlertItem {
  id: string;
  type: AlertType;
  title?: string;
  message: string;
  actions?: AlertAction[];
  onClose?: () => void;
}

interface AlertState {
  alerts: AlertItem[];
  /** Adds an alert unless one with the same id is already shown; returns the id. */
  addAlert: (alert: Omit<AlertItem, 'id'> & { id?: string }) => string;
  /** Removes the alert with this id and runs its onClose. */
  removeAlert: (id: string) => void;
  clearAlerts: () => void;
}

let nextAlertId = 0;

export const useAlertStore = create<AlertState>()((set, get) => ({
  alerts: [],
  addAlert: (alert) => {
    const id = alert.id ?? `alert-${++nextAlertId}`;
    if (get().alerts.some((item) => item.id === id)) return id;
    set((state) => ({ alerts: [...state.alerts, { ...alert, id }] }));
    return id;
  },
  removeAlert: (id) => {
    const removed = get().alerts.find((item) => item.id === id);
    if (!removed) return;
    set((state) => ({ alerts: state.alerts.filter((item) => item.id !== id) }));
    removed.onClose?.();
  },
  clearAlerts: () => set({ alerts: [] }),
}));
