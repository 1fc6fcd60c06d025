"""WSGI entry point (gunicorn swell_annot.wsgi:application)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "swell_annot.settings")
application = get_wsgi_application()
