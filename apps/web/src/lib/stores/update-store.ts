import { create } from 'zustand';

/**
 * A new version of the portal installed in the background and waiting (issue 30): `apply` makes it
 * take over and reloads the page, only when the person chooses 'Atualizar', never by itself.
 */
interface UpdateState {
  apply: (() => void) | null;
  offer: (apply: () => void) => void;
}

export const useUpdateStore = create<UpdateState>((set) => ({
  apply: null,
  offer: (apply) => set({ apply }),
}));
