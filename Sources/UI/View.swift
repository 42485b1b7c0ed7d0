// UI
