"""The browser pages: thin views over the other apps' selectors and services."""
