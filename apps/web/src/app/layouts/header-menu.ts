// The header's mobile menu without React, for the prerendered landing page that hydrates only its
// signup form: the button shows and hides the menu it controls, and Escape closes it.
export const MENU_BUTTON_ATTRIBUTE = 'data-menu-button';

export function enhanceHeaderMenu(root: ParentNode = document): void {
  const button = root.querySelector<HTMLButtonElement>(`[${MENU_BUTTON_ATTRIBUTE}]`);
  const menuId = button?.getAttribute('aria-controls');
  const menu = menuId ? document.getElementById(menuId) : null;
  if (!button || !menu) return;
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => setOpen(menu.hidden));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || menu.hidden) return;
    setOpen(false);
    button.focus();
  });
}
