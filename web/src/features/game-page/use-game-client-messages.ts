import { useEffect } from 'react';
import { useLogout } from '../../shared/session/api/logout';
import { useOpenWallet } from '../../shared/wallet/use-open-wallet';

/**
 * What a game client in one of this page's frames asks of the portal (issue 12, RG-62): its reality
 * check's View history opens the wallet's History tab here, its Log out (the server has already
 * ended the sessions) signs the portal out too, and a check that opens brings its frame into view. Only messages from this page's own game frames count.
 */
export function useGameClientMessages(): void {
  const openWallet = useOpenWallet();
  const logout = useLogout();
  const { mutate: signOut } = logout;
  useEffect(() => {
    const receive = (event: MessageEvent<unknown>) => {
      const frame = [...document.querySelectorAll<HTMLIFrameElement>('iframe.game-page__frame')].find((candidate) => candidate.contentWindow === event.source);
      if (!frame || typeof event.data !== 'object' || event.data === null) return;
      const { type, action } = event.data as { type?: unknown; action?: unknown };
      if (type !== 'emerald:game-client') return;
      if (action === 'view-history') void openWallet('history');
      if (action === 'logged-out') signOut();
      // The reality check opened in the frame (its dialog sits at the frame's top): the frame's top comes into view, below the header.
      if (action === 'show-me') frame.scrollIntoView({ block: 'start', behavior: 'instant' });
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [openWallet, signOut]);
}
