/** The binary the browser tests drive: CHROMIUM_PATH, else the headless shell when installed, else Debian's Chromium. */
export declare function testChromiumPath(): string;
