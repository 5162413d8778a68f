"""The web app's blueprints, one per job: matches, deals, referee, burro, share, exports, api."""
