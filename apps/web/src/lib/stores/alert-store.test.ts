import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAlertStore } from './alert-store.ts';

describe('alert store', () => {
  beforeEach(() => useAlertStore.getState().clearAlerts());

  it('does not add an alert whose id is already shown', () => {
    const { addAlert } = useAlertStore.getState();
    addAlert({ id: 'session-expired', type: 'error', message: 'Sessão expirada' });
    addAlert({ id: 'session-expired', type: 'error', message: 'Sessão expirada' });
    expect(useAlertStore.getState().alerts).toHaveLength(1);
  });

  it('gives alerts without an id distinct ids, so both are shown', () => {
    const { addAlert } = useAlertStore.getState();
    const first = addAlert({ type: 'info', message: 'Um' });
    const second = addAlert({ type: 'info', message: 'Dois' });
    expect(first).not.toBe(second);
    expect(useAlertStore.getState().alerts.map((alert) => alert.message)).toEqual(['Um', 'Dois']);
  });

  it('removes only the alert with the given id and runs its onClose', () => {
    const onClose = vi.fn();
    const { addAlert, removeAlert } = useAlertStore.getState();
    addAlert({ id: 'a', type: 'success', message: 'Salvo', onClose });
    addAlert({ id: 'b', type: 'warning', message: 'Atenção' });
    removeAlert('a');
    expect(useAlertStore.getState().alerts.map((alert) => alert.id)).toEqual(['b']);
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('ignores removing an id that is not shown', () => {
    const { addAlert, removeAlert } = useAlertStore.getState();
    addAlert({ id: 'a', type: 'info', message: 'Olá' });
    removeAlert('missing');
    expect(useAlertStore.getState().alerts).toHaveLength(1);
  });
});
