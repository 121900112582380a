from django.urls import path

from tournaments import apis

urlpatterns = [
    path("events/", apis.EventListCreateApi.as_view(), name="events"),
    path("events/<int:event_id>/", apis.EventDetailApi.as_view(), name="event-detail"),
    path("events/<int:event_id>/lock/", apis.EventLockApi.as_view(), name="event-lock"),
    path("events/<int:event_id>/publish/", apis.EventPublishApi.as_view(), name="event-publish"),
    path("events/<int:event_id>/audit/", apis.AuditListApi.as_view(), name="event-audit"),
    path("audit/public-key/", apis.AuditPublicKeyApi.as_view(), name="audit-public-key"),
    path("events/<int:event_id>/registrations/", apis.RegistrationListSubmitApi.as_view(), name="registrations"),
    path(
        "events/<int:event_id>/registrations/import/", apis.RegistrationImportApi.as_view(), name="registrations-import"
    ),
    path(
        "events/<int:event_id>/registrations/export/<str:kind>/",
        apis.RegistrationExportApi.as_view(),
        name="registrations-export",
    ),
    path(
        "events/<int:event_id>/registrations/<int:registration_id>/",
        apis.RegistrationDetailApi.as_view(),
        name="registration-detail",
    ),
    path(
        "events/<int:event_id>/registrations/<int:registration_id>/amend/",
        apis.RegistrationAmendApi.as_view(),
        name="registration-amend",
    ),
    path("events/<int:event_id>/revalidations/", apis.RevalidationCreateApi.as_view(), name="revalidations"),
    path(
        "events/<int:event_id>/revalidations/<int:job_id>/", apis.RevalidationDetailApi.as_view(), name="revalidation"
    ),
]
