import { create } from 'zustand';

interface PermissionState {
  /** Whether the no-permission modal is open. */
  isModalOpen: boolean;
  /** A link offered with the error (where to learn more or ask for access), if any. */
  link: string | null;
  openModal: (link?: string | null) => void;
  closeModal: () => void;
}

/** The permissions store of spec section 3: opens the permission-error modal. */
export const usePermissionStore = create<PermissionState>()((set) => ({
  isModalOpen: false,
  link: null,
  openModal: (link = null) => set({ isModalOpen: true, link }),
  closeModal: () => set({ isModalOpen: false, link: null }),
}));
