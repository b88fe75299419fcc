/** The channels main answers itself (windows, the kiosk lock, the file dialog); the preload exposes them too. */
export const APP_CHANNELS = ["app.openBackOffice", "app.setKiosk", "app.pickFile"] as const;
export type AppChannel = (typeof APP_CHANNELS)[number];
