import { copyText } from './copy-text';

describe('copyText', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'clipboard', original);
    else delete (navigator as { clipboard?: unknown }).clipboard;
    delete (document as { execCommand?: unknown }).execCommand;
  });

  it('uses the Clipboard API when the page may', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await expect(copyText('https://x.example/profile?userId=a')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://x.example/profile?userId=a');
  });

  it('falls back to a selected textarea and execCommand when the Clipboard API refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: jest.fn().mockRejectedValue(new Error('denied')) },
    });
    let copied = '';
    (document as { execCommand?: unknown }).execCommand = jest.fn(() => {
      copied = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    await expect(copyText('fallback text')).resolves.toBe(true);
    expect(copied).toBe('fallback text');
    expect(document.querySelector('textarea')).toBeNull(); // cleaned up
  });

  it('answers false when neither way works', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    (document as { execCommand?: unknown }).execCommand = jest.fn(() => false);
    await expect(copyText('nope')).resolves.toBe(false);
  });
});
