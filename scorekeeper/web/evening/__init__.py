"""A club's evening on the web: its rows written and read back as the contract's
document (``store``)."""
